import net from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export type CaughtMail = { envelope: { from: string; to: string[] }; parsed: ParsedMail };

export type SmtpCatcher = {
  port: number;
  url: string;
  mails: CaughtMail[];
  /** While set, every recipient is refused with this message (a 550). */
  refuse: string | null;
  close(): Promise<void>;
};

/**
 * A real SMTP server on 127.0.0.1 for tests (smtp-server): every message is
 * parsed with mailparser and kept in `mails` (and handed to `onMail`). With
 * `auth`, only that user and password may send. `port` 0 picks a free port.
 */
export async function startSmtpCatcher(
  options: {
    port?: number;
    auth?: { user: string; pass: string };
    onMail?: (mail: CaughtMail) => void;
  } = {},
): Promise<SmtpCatcher> {
  const mails: CaughtMail[] = [];
  const state = { refuse: null as string | null };
  const server = new SMTPServer({
    disabledCommands: options.auth ? ["STARTTLS"] : ["STARTTLS", "AUTH"],
    authOptional: !options.auth,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === options.auth?.user && auth.password === options.auth?.pass) {
        callback(null, { user: auth.username });
      } else {
        callback(new Error("Invalid username or password"));
      }
    },
    onRcptTo(address, _session, callback) {
      if (state.refuse) {
        const error = new Error(state.refuse) as Error & { responseCode: number };
        error.responseCode = 550;
        callback(error);
        return;
      }
      void address;
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const mail = {
            envelope: {
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
              to: session.envelope.rcptTo.map((r) => r.address),
            },
            parsed,
          };
          mails.push(mail);
          options.onMail?.(mail);
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const port = (server.server.address() as net.AddressInfo).port;
  const auth = options.auth
    ? `${encodeURIComponent(options.auth.user)}:${encodeURIComponent(options.auth.pass)}@`
    : "";
  return {
    port,
    url: `smtp://${auth}127.0.0.1:${port}`,
    mails,
    get refuse() {
      return state.refuse;
    },
    set refuse(value) {
      state.refuse = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port on 127.0.0.1 where nothing listens (a mail server that is down). */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", () => resolve()));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
