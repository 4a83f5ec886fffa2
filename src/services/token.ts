/** Where the session token lives in the browser (local storage, so a reload keeps the session). */
const KEY = 'questboard.token';

export function getToken(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}
export function setToken(token: string | null) {
  try {
    if (token) localStorage.setItem(KEY, token);
    else localStorage.removeItem(KEY);
  } catch {
    /* storage unavailable (private mode): the session lasts for this page only */
  }
}
