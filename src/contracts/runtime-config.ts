/**
 * Configuration the SPA reads at run time rather than build time: the server writes it into index.html as
 * `<meta name=… content=…>` tags when it serves the page, so one build serves any deployment.
 */
export const RUNTIME_META = {
  /** Google OAuth client id for the Google Sheets export (server `GOOGLE_CLIENT_ID`); empty = not configured. */
  googleClientId: 'questboard-google-client-id',
} as const;
