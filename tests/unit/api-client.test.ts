import { afterEach, describe, expect, it, vi } from "vitest";
import { uploadErrorMessage } from "#app/features/admin/gallery/gallery-api.ts";
import { ApiError, api, failureReason, reasonOf } from "#app/lib/api.ts";

function answer(status: number, body: string, contentType = "application/json") {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(body, { status, headers: { "content-type": contentType } })),
  );
}

async function failure(): Promise<ApiError> {
  try {
    await api("/anything");
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error("the call did not fail");
}

afterEach(() => vi.unstubAllGlobals());

describe("the browser client's failures", () => {
  it.each([
    ["an empty object", "{}"],
    ["no message", '{"success":false,"errors":{}}'],
    ["an empty message", '{"success":false,"message":"  "}'],
    ["a message that is not text", '{"success":false,"message":{"a":1}}'],
    ["null", "null"],
  ])("keeps no server message for %s", async (_, body) => {
    answer(500, body);
    const error = await failure();
    expect(error.status).toBe(500);
    expect(error.serverMessage).toBe("");
    expect(error.message).toBe("Server responded with status 500.");
    expect(failureReason(error)).toBe("");
  });

  it("keeps no server message for a body that is not JSON", async () => {
    answer(502, "<html>Bad gateway</html>", "text/html");
    const error = await failure();
    expect(error.serverMessage).toBe("");
    expect(error.message).toBe("Server responded with status 502.");
    expect(failureReason(error)).toBe("");
  });

  it("keeps the server's message and field errors", async () => {
    answer(409, '{"success":false,"message":"Slug taken","errors":{"slug":"Slug taken"}}');
    const error = await failure();
    expect(error.serverMessage).toBe("Slug taken");
    expect(error.message).toBe("Slug taken");
    expect(error.errors).toEqual({ slug: "Slug taken" });
    expect(failureReason(error)).toBe("Slug taken");
  });

  it("gives the connection text as the reason when the server cannot be reached", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    const error = await failure();
    expect(error.status).toBe(0);
    expect(error.serverMessage).toBe("");
    expect(failureReason(error)).toBe("Could not reach the server. Please check your connection.");
  });

  it("gives a screen's own error as the reason, and nothing for anything else", () => {
    expect(failureReason(new Error("Empty post data received"))).toBe("Empty post data received");
    expect(failureReason("text")).toBe("");
    expect(reasonOf(new ApiError("Server responded with status 500.", 500))).toBe("");
    expect(reasonOf(new ApiError("Broken.", 500, {}, "Broken."))).toBe("Broken");
  });

  it("names a too large or wrong upload only when the server did not", () => {
    expect(uploadErrorMessage(new ApiError("Server responded with status 413.", 413))).toBe(
      "File is too large (max 10 MB)",
    );
    expect(uploadErrorMessage(new ApiError("Server responded with status 500.", 500))).toBe(
      "Upload failed. Please try again.",
    );
    expect(uploadErrorMessage(new ApiError("Too big", 413, {}, "Too big"))).toBe("Too big");
    expect(uploadErrorMessage(new ApiError("Bad", 400, { image: "Not an image" }, "Bad"))).toBe(
      "Not an image",
    );
  });
});
