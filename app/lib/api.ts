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
  /**
   * The server's own `message`, trimmed; "" when it sent none (no JSON body, no
   * `message`, or no answer at all). `message` is this, else a generic text
   * ("Server responded with status 500.", "Could not reach the server. …").
   */
  readonly serverMessage: string;
  /** The whole answer, for failures that carry more (an edit conflict's who and when). */
  readonly body: Record<string, unknown>;
  constructor(
    message: string,
    status: number,
    errors: Record<string, string> = {},
    serverMessage = "",
    body: Record<string, unknown> = {},
  ) {
    super(message);
    this.body = body;
    this.name = "ApiError";
    this.status = status;
    this.errors = errors;
    this.serverMessage = serverMessage;
  }
}

/**
 * The server's reason for a failure: its own message, the connection text when
 * the server could not be reached, or the message of an error the screen raised
 * itself. "" when the server answered without a message. Screens show it
 * through `failureText`, which adds the spec's text around it.
 */
export function failureReason(error: unknown): string {
  if (error instanceof ApiError) return error.status === 0 ? error.message : error.serverMessage;
  if (error instanceof Error && error.name !== "AbortError") return error.message.trim();
  return "";
}

/** `failureReason` without its trailing full stop, so it can sit inside a sentence. */
export function reasonOf(error: unknown): string {
  return failureReason(error).replace(/\.$/, "");
}

/**
 * A failure as a screen shows it (the spec's error catalogue): the spec's text
 * followed by the server's reason, or by `otherwise` ("Please try again.") when
 * the server gave none. Without a text it is the reason alone, else `otherwise`
 * (`failureText("", e, { otherwise: "Login failed. Please try again." })`).
 * `sentence`: text and reason are one sentence, "{text}: {reason}." ("Failed
 * to delete post: Unknown error."), or "{text}." when there is neither.
 */
export function failureText(
  text: string,
  error: unknown,
  {
    otherwise = "Please try again.",
    sentence = false,
  }: { otherwise?: string; sentence?: boolean } = {},
): string {
  if (sentence) {
    const reason = (reasonOf(error) || otherwise).replace(/\.$/, "");
    return reason ? `${text}: ${reason}.` : `${text}.`;
  }
  return [text, failureReason(error) || otherwise].filter(Boolean).join(" ");
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

type Options = {
  method?: string;
  body?: unknown;
  form?: FormData;
  /** A file sent as the body itself (an export to import). */
  file?: Blob;
  signal?: AbortSignal;
};

export async function api<T = unknown>(path: string, options: Options = {}): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json" };
  const token = getStoredToken();
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.form) body = options.form;
  else if (options.file) {
    headers["content-type"] = "application/octet-stream";
    body = options.file;
  } else if (options.body !== undefined) {
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
  // 204 No Content (a revoked preview link): success with nothing to read.
  if (response.status === 204) return {} as T;
  let json: { success?: boolean; message?: unknown; errors?: Record<string, string> } & Record<
    string,
    unknown
  >;
  try {
    const parsed: unknown = await response.json();
    json = parsed && typeof parsed === "object" ? (parsed as typeof json) : {};
  } catch {
    throw new ApiError(`Server responded with status ${response.status}.`, response.status);
  }
  if (response.status === 401) {
    clearStoredAuth();
    window.dispatchEvent(new Event(UNAUTHORIZED_EVENT));
  }
  if (!response.ok || json.success !== true) {
    const serverMessage = typeof json.message === "string" ? json.message.trim() : "";
    const errors = json.errors && typeof json.errors === "object" ? json.errors : {};
    throw new ApiError(
      serverMessage || `Server responded with status ${response.status}.`,
      response.status,
      errors,
      serverMessage,
      json,
    );
  }
  return json as T;
}

/** `data` of a successful envelope. */
export async function apiData<T>(path: string, options: Options = {}): Promise<T> {
  const json = await api<{ data: T }>(path, options);
  return json.data;
}

/** Uploads one image (`POST /api/upload`, field `image`) and answers the stored file's URL. */
export async function uploadImage(file: File): Promise<string> {
  const form = new FormData();
  form.append("image", file);
  const data = await apiData<{ url?: string; imagePath?: string } | null>("/upload", { form });
  const url = data?.url || data?.imagePath;
  if (!url) throw new Error("Invalid response from server");
  return url;
}
