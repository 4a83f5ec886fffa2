/** Placeholder until the team slice lands. */
export { default } from "../planned/PlannedScreen";
