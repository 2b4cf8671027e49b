import type { ErrorHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import { isDatabaseBusy } from "#server/db/errors.ts";
import { AppError, isAppError } from "#server/lib/app-error.ts";
import type { AppEnv } from "./context.ts";

/**
 * The one error handler: an `AppError` becomes `{success:false, message, errors?}` with its
 * status, Hono's own errors (body limit, content type) and a body that is not JSON answer the
 * caller's mistake, and anything else is a 500 that logs the request id and tells nothing internal.
 */
export const handleError: ErrorHandler<AppEnv> = (caught, c) => {
  // A write that met a lock held elsewhere (another process on the SQLite
  // file, a long PostgreSQL transaction): nothing was written; try again.
  const error = isDatabaseBusy(caught)
    ? AppError.unavailable("The site is busy. Please try again in a moment.", 1)
    : caught;
  if (error !== caught) c.var.logger?.warn({ err: caught }, "database busy: answered 503");
  if (isAppError(error)) {
    if (error.retryAfter !== undefined) c.header("Retry-After", String(error.retryAfter));
    return c.json(
      {
        success: false,
        message: error.message,
        ...(error.errors ? { errors: error.errors } : {}),
        ...error.details,
      },
      error.status,
    );
  }
  if (error instanceof HTTPException) {
    const status = error.status;
    const message =
      status === 413
        ? "Request body is too large"
        : status === 415
          ? "The request body must be JSON (Content-Type: application/json)"
          : error.message || "Invalid request";
    return c.json({ success: false, message }, status);
  }
  // A handler that reads the body itself (`c.req.json()`) meets a body that
  // is not JSON: the caller's mistake, not ours.
  if (error instanceof SyntaxError && c.req.method !== "GET" && c.req.method !== "HEAD") {
    const message = "The request body must be valid JSON";
    return c.json({ success: false, message, errors: { body: message } }, 400);
  }
  c.var.logger?.error({ err: error }, "unhandled error");
  return c.json(
    {
      success: false,
      message: `Something went wrong on our side. Reference: ${c.var.requestId ?? "unknown"}`,
    },
    500,
  );
};
