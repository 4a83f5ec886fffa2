/** Display helpers of the flow panel: event times and masked values as indented JSON. */

export const clockTime = (at: number) => {
  const date = new Date(at);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`;
};

/** Already-masked, plain values only. Empty objects print nothing. */
export function asJson(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0)
    return '';
  return JSON.stringify(value, null, 2) ?? '';
}
