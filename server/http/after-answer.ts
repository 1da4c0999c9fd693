import { errorForLog, type Logger } from '../logger'

/**
 * Work a request starts but does not wait for, so that its answer does not depend on it (a "forgot
 * password" request answers before the account is looked up). The server's stop waits for what is still
 * running, and a failure is logged with the request's id, since no answer can carry it any more.
 */
export class AfterAnswer {
  readonly #pending = new Set<Promise<void>>()

  constructor(private readonly logger: Logger) {}

  run(what: string, requestId: string, work: () => Promise<void>): void {
    const running: Promise<void> = work()
      .catch((error: unknown) => this.logger.error(`${what} failed`, { requestId, error: errorForLog(error) }))
      .finally(() => this.#pending.delete(running))
    this.#pending.add(running)
  }

  /** Resolves once all the work started so far (and any it started in turn) has finished. */
  async settled(): Promise<void> {
    while (this.#pending.size) await Promise.all(this.#pending)
  }
}
