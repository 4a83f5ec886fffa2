/**
 * Image dimensions, shared by the workspace and app icons and the CMS slots (docs/app-settings.md §Rules and limits):
 * a small module of its own so the first screen's workspace contract does not load the CMS contract.
 */
export interface Dimensions {
  width: number;
  height: number;
}

export const INVALID_IMAGE_FILE = 'Invalid image file.';

/** Why an image of these dimensions (null: unreadable) is refused by a limit, or null. */
export function dimensionsError(
  dimensions: Dimensions | null | undefined,
  limit: Dimensions,
  tooLarge: string,
): string | null {
  if (!dimensions || !(dimensions.width > 0) || !(dimensions.height > 0)) return INVALID_IMAGE_FILE;
  return dimensions.width > limit.width || dimensions.height > limit.height ? tooLarge : null;
}
