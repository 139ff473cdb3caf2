import { headerLine } from "@parley/contracts";
import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";
import { DevMailbox } from "./dev-mailbox";
import type { Mail } from "./templates";

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** Present when mails are kept for the dev mailbox page (no SMTP_URL, not production). */
  mailbox: DevMailbox | undefined;
  close(): Promise<void>;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  log: FastifyBaseLogger;
  /** Keep mails for /dev/mailbox when there is no SMTP server (never in production). */
  devMailbox: boolean;
}

/**
 * SMTP when `SMTP_URL` is set. Without it, each mail is written to the log (so a developer sees
 * the link in the terminal) and, outside production, kept for the /dev/mailbox page.
 */
export function createMailer(options: MailerOptions): Mailer {
  const mailer = createTransportMailer(options);
  return { ...mailer, send: (mail) => mailer.send(withSafeHeaders(mail)) };
}

/**
 * Every mail leaves through `send`, so its headers are made safe here, whatever built them (the
 * auth service's templates or a mail the API wrote): the subject and the address are one line.
 * A line break in a header would end it and start another (`Bcc:`), or end the headers.
 */
export function withSafeHeaders(mail: Mail): Mail {
  return { ...mail, to: headerLine(mail.to), subject: headerLine(mail.subject) };
}

function createTransportMailer(options: MailerOptions): Mailer {
  const { log } = options;
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      mailbox: undefined,
      async send(mail) {
        await transport.sendMail({
          from: options.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        });
        log.info({ to: mail.to, kind: mail.kind }, "mail sent");
      },
      async close() {
        transport.close();
      },
    };
  }
  const mailbox = options.devMailbox ? new DevMailbox() : undefined;
  return {
    mailbox,
    async send(mail) {
      mailbox?.add(mail);
      log.info(
        { to: mail.to, kind: mail.kind, link: mail.link },
        `mail (not sent: SMTP_URL is unset) to ${mail.to}: ${mail.subject}\n${mail.text}`,
      );
    },
    async close() {},
  };
}
