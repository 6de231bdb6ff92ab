import type { AcpConnection, AgentRequestAnswer, FrameRef } from '../AcpConnection.js';

// The suite's own answers to an agent's requests, chosen by a step: held (the turn freezes at that
// request until the step releases it), a permission rejected or cancelled, an fs or terminal request
// answered with an error. Everything else gets the connection's default answer.

/** How a step answers one kind of agent request. */
export type AnswerPolicy = { readonly kind: 'hold' } | { readonly kind: 'permission'; readonly outcome: 'reject' | 'cancelled' } | { readonly kind: 'error'; readonly code: number };

/** A request the suite holds: the step answers it with {@link HeldRequest.release}. */
export interface HeldRequest {
  readonly method: string;
  readonly params: unknown;
  readonly frame: FrameRef;
  /** Answers the request (once). */
  release(answer: AgentRequestAnswer): void;
}

/** The answers of one connection, by method, for the step that runs now. */
export class HeldAnswers {
  readonly #connection: AcpConnection;
  #policies = new Map<string, AnswerPolicy>();
  readonly #held: HeldRequest[] = [];

  /**
   * Installs the answers on a connection (until {@link HeldAnswers.uninstall}).
   * @param connection - the agent
   */
  constructor(connection: AcpConnection) {
    this.#connection = connection;
    connection.setAnswerer((request) => {
      const policy = this.#policies.get(request.method);
      if (policy === undefined) return undefined;
      if (policy.kind === 'error') return Promise.resolve({ error: { code: policy.code, message: `adapter-qualify answers ${request.method} with an error` } });
      if (policy.kind === 'permission') return Promise.resolve(permissionAnswer(request.params, policy.outcome));
      return new Promise<AgentRequestAnswer>((resolveAnswer) => {
        let answered = false;
        this.#held.push({
          method: request.method,
          params: request.params,
          frame: request.frame,
          release: (answer) => {
            if (answered) return;
            answered = true;
            resolveAnswer(answer);
          },
        });
      });
    });
  }

  /**
   * Sets the policies of the next step (methods not named get the default answer).
   * @param policies - by method
   */
  plan(policies: Readonly<Record<string, AnswerPolicy>>): void {
    this.#policies = new Map(Object.entries(policies));
  }

  /** Requests held and not yet looked at, oldest first. */
  get held(): readonly HeldRequest[] {
    return this.#held;
  }

  /**
   * Answers every held request the way a client must once the turn is cancelled: a permission
   * `cancelled`, anything else its default answer; then goes back to default answers.
   */
  async releaseAll(): Promise<void> {
    this.#policies = new Map();
    for (const request of this.#held.splice(0)) {
      if (request.method === 'session/request_permission') request.release({ result: { outcome: { outcome: 'cancelled' } } });
      else request.release(await this.#connection.defaultAnswer(request.method, request.params, request.frame));
    }
  }

  /** Releases what is held and gives the connection back its default answers. */
  async uninstall(): Promise<void> {
    await this.releaseAll();
    this.#connection.setAnswerer(null);
  }
}

/**
 * A permission answer: the first option of a reject kind, or `cancelled`.
 * @param params - the permission request's params
 * @param outcome - reject or cancelled
 */
export function permissionAnswer(params: unknown, outcome: 'reject' | 'cancelled'): AgentRequestAnswer {
  if (outcome === 'cancelled') return { result: { outcome: { outcome: 'cancelled' } } };
  const options = (params as { options?: { optionId?: unknown; kind?: unknown }[] } | null)?.options ?? [];
  const reject = options.find((option) => option.kind === 'reject_once') ?? options.find((option) => option.kind === 'reject_always');
  return { result: { outcome: reject === undefined ? { outcome: 'cancelled' } : { outcome: 'selected', optionId: reject.optionId } } };
}
