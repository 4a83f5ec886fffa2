/**
 * Server log formatting: one line per event, `[topic] key=value …` with every value JSON-encoded, so a value
 * holding CR/LF or quotes (a workspace name, an e-mail) stays inside its quotes on its own line and cannot forge a
 * log entry.
 */
export function logLine(topic: string, values: Record<string, unknown>): string {
  const fields = Object.entries(values).map(([key, value]) => `${key}=${JSON.stringify(value) ?? 'undefined'}`);
  return [`[${topic}]`, ...fields].join(' ');
}
