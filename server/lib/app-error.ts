export type ErrorCode =
  | "BAD_REQUEST"
  | "UNAUTHORIZED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "CONFLICT"
  | "PAYLOAD_TOO_LARGE"
  | "UNSUPPORTED_MEDIA_TYPE"
  | "TOO_MANY_REQUESTS"
  | "INTERNAL"
  | "UNAVAILABLE";

const STATUS: Record<ErrorCode, 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 500 | 503> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
};

/**
 * The one error type of the domain. Services throw it; the HTTP layer turns
 * it into `{success:false, message, errors?}` with the matching status.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly errors: Record<string, string> | undefined;
  /** Seconds until a refused caller may try again (the Retry-After header of a 429 or 503). */
  retryAfter: number | undefined;
  /** Fields the answer carries beside `message` and `errors` (an edit conflict's who and when). */
  details: Record<string, unknown> | undefined;

  constructor(code: ErrorCode, message: string, errors?: Record<string, string>) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.errors = errors;
  }

  get status() {
    return STATUS[this.code];
  }

  static badRequest(message: string, errors?: Record<string, string>) {
    return new AppError("BAD_REQUEST", message, errors);
  }
  static validation(errors: Record<string, string>) {
    const first = Object.values(errors)[0] ?? "Invalid input";
    return new AppError("BAD_REQUEST", first, errors);
  }
  static unauthorized(message = "Authentication required") {
    return new AppError("UNAUTHORIZED", message);
  }
  static forbidden(message = "You do not have permission to do this") {
    return new AppError("FORBIDDEN", message);
  }
  static notFound(message = "Not found") {
    return new AppError("NOT_FOUND", message);
  }
  static conflict(message: string, errors?: Record<string, string>) {
    return new AppError("CONFLICT", message, errors);
  }
  static unavailable(message: string, retryAfterSeconds: number) {
    const error = new AppError("UNAVAILABLE", message);
    error.retryAfter = retryAfterSeconds;
    return error;
  }
  static tooManyRequests(message: string, retryAfterSeconds: number) {
    const error = new AppError("TOO_MANY_REQUESTS", message);
    error.retryAfter = retryAfterSeconds;
    return error;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
