import { describe, expect, it } from "vitest";
import { loadConfig } from "#server/config.ts";

describe("UPLOAD_STORE", () => {
  it("is the local disk by default", () => {
    expect(loadConfig({}).uploadStore).toEqual({ kind: "local" });
    expect(loadConfig({ UPLOAD_STORE: "" }).uploadStore).toEqual({ kind: "local" });
    expect(loadConfig({ UPLOAD_STORE: "local" }).uploadStore).toEqual({ kind: "local" });
  });

  it("may be the database", () => {
    expect(loadConfig({ UPLOAD_STORE: "database" }).uploadStore).toEqual({ kind: "database" });
  });

  it("reads an S3 bucket, its endpoint, region, path style and keys from the URL", () => {
    const config = loadConfig({
      UPLOAD_STORE:
        "s3://AKID:se%2Fcret@my-bucket/site/files/?endpoint=http://127.0.0.1:9000&region=eu-west-1&forcePathStyle=true",
    });
    expect(config.uploadStore).toEqual({
      kind: "s3",
      bucket: "my-bucket",
      prefix: "site/files/",
      endpoint: "http://127.0.0.1:9000",
      region: "eu-west-1",
      forcePathStyle: true,
      credentials: { accessKeyId: "AKID", secretAccessKey: "se/cret" },
    });
    expect(loadConfig({ UPLOAD_STORE: "s3://bucket" }).uploadStore).toEqual({
      kind: "s3",
      bucket: "bucket",
      prefix: "",
      endpoint: undefined,
      region: undefined,
      forcePathStyle: false,
      credentials: undefined,
    });
  });

  it.each([
    ["disk", /^Invalid UPLOAD_STORE \("disk"\): must be local, database or s3:\/\/bucket/],
    ["s3://", /^Invalid UPLOAD_STORE .*(bucket|valid)/],
    ["s3://Bad_Bucket", /^Invalid UPLOAD_STORE .*must name a bucket/],
    ["s3://bucket?endpont=http://x", /^Invalid UPLOAD_STORE .*unknown parameter "endpont"/],
    ["s3://bucket?endpoint=ftp://x", /^Invalid UPLOAD_STORE .*endpoint that is not an http/],
    ["s3://bucket?forcePathStyle=maybe", /^Invalid UPLOAD_STORE .*forcePathStyle/],
    ["s3://KEY@bucket", /^Invalid UPLOAD_STORE .*both the access key and the secret/],
  ])("refuses %s with one line naming UPLOAD_STORE", (value, message) => {
    expect(() => loadConfig({ UPLOAD_STORE: value })).toThrow(message);
  });

  it("never repeats a secret key in its message", () => {
    expect(() => loadConfig({ UPLOAD_STORE: "s3://KEY:SECRET@bucket?nope=1" })).toThrow(
      /^Invalid UPLOAD_STORE \("s3:\/\/\*\*\*@bucket\?nope=1"\)/,
    );
    // Nor the server's secret, nor an address's password.
    const secret = "abcdefghijklmnopqrstuvwxyz01234";
    expect(() => loadConfig({ SECRET_KEY: secret })).toThrow(/^Invalid SECRET_KEY: /);
    expect(() => loadConfig({ SECRET_KEY: secret })).not.toThrow(secret);
    expect(() =>
      loadConfig({
        SMTP_URL: "smtp://user:S3cretPass@mail.example.com:notaport",
        MAIL_FROM: "a@b.co",
      }),
    ).toThrow(/^Invalid SMTP_URL \("smtp:\/\/\*\*\*@mail\.example\.com:notaport"\)/);
    expect(() => loadConfig({ PAGE_CACHE: "maybe" })).toThrow(
      'Invalid PAGE_CACHE ("maybe"): must be true or false, on or off, yes or no, 1 or 0',
    );
  });
});
