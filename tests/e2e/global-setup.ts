import fs from "node:fs";
import path from "node:path";
import { startSmtpCatcher } from "#tests/setup/smtp-catcher.ts";
import { MAIL_DIR, SMTP_PORT } from "./mail.ts";
import { prepareTemplate } from "./site.ts";

/**
 * Starts the SMTP catcher the browser tests' servers send to (see
 * tests/e2e/mail.ts) and seeds the demo site every worker copies (tests/e2e/site.ts).
 */
export default async function globalSetup() {
  fs.mkdirSync("tmp", { recursive: true });
  fs.rmSync(MAIL_DIR, { recursive: true, force: true });
  fs.mkdirSync(MAIL_DIR, { recursive: true });
  let count = 0;
  const catcher = await startSmtpCatcher({
    port: SMTP_PORT,
    onMail: ({ envelope, parsed }) => {
      count += 1;
      const name = path.join(MAIL_DIR, `${String(count).padStart(6, "0")}.json`);
      const mail = {
        to: envelope.to,
        subject: parsed.subject ?? "",
        text: parsed.text ?? "",
        html: parsed.html || "",
      };
      // Whole or not at all: a spec never reads half a file.
      fs.writeFileSync(`${name}.part`, JSON.stringify(mail));
      fs.renameSync(`${name}.part`, name);
    },
  });
  await prepareTemplate();
  return async () => {
    await catcher.close();
  };
}
