/**
 * The browser's HTTP client for the REST API: JSON, the bearer token from
 * localStorage on every request, one error type. Any 401 clears the stored
 * credentials and tells the auth state (which sends the user to /login).
 */
export const TOKEN_KEY = "token";
export const USER_KEY = "user";
export const UNAUTHORIZED_EVENT = "beranda:unauthorized";

export class ApiError extends Error {
  readonly status: number;
  readonly errors: Record<string, string>;
  constructor(message: string, status: number, errors: Record<string, string> = {}) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.errors = errors;
  }
}

export function getStoredToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function clearStoredAuth() {
  try {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(USER_KEY);
  } catch {
    // storage unavailable: nothing to clear
  }
}

type Options = { method?: string; body?: unknown; form?: FormData; signal?: AbortSignal };

export async function api<T = unknown>(path: string, options: Options = {}): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json" };
  const token = getStoredToken();
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.form) body = options.form;
  else if (options.body !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method: options.method ?? (body ? "POST" : "GET"),
      headers,
      body,
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    throw new ApiError("Could not reach the server. Please check your connection.", 0);
  }
  let json: { success?: boolean; message?: string; errors?: Record<string, string> } & Record<
    string,
    unknown
  >;
  try {
    json = await response.json();
  } catch {
    throw new ApiError(`Server responded with status ${response.status}.`, response.status);
  }
  if (response.status === 401) {
    clearStoredAuth();
    window.dispatchEvent(new Event(UNAUTHORIZED_EVENT));
  }
  if (!response.ok || json.success !== true) {
    throw new ApiError(
      json.message || `Server responded with status ${response.status}.`,
      response.status,
      json.errors ?? {},
    );
  }
  return json as T;
}

/** `data` of a successful envelope. */
export async function apiData<T>(path: string, options: Options = {}): Promise<T> {
  const json = await api<{ data: T }>(path, options);
  return json.data;
}
