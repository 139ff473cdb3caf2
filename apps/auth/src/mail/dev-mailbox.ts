import { randomUUID } from "node:crypto";
import type { Mail } from "./templates";

export interface StoredMail extends Mail {
  id: string;
  sentAt: string;
}

/** The last `capacity` mails, newest first; development only (never built in production). */
export class DevMailbox {
  #mails: StoredMail[] = [];
  constructor(readonly capacity = 50) {}

  add(mail: Mail): StoredMail {
    const stored: StoredMail = { ...mail, id: randomUUID(), sentAt: new Date().toISOString() };
    this.#mails.unshift(stored);
    this.#mails.length = Math.min(this.#mails.length, this.capacity);
    return stored;
  }

  list(): StoredMail[] {
    return [...this.#mails];
  }

  get(id: string): StoredMail | undefined {
    return this.#mails.find((m) => m.id === id);
  }

  clear() {
    this.#mails = [];
  }
}
