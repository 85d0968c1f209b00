/**
 * The dataset being served, swappable while serving (issue 22, item 6). Each opened dataset gets
 * its own request handler (an engine and an app built for it); a request runs to its end on the
 * handler it started on. A swap opens the new version beside the old, verifies it, and only then
 * sends new requests to it; the old one is closed (its file descriptors released) once its last
 * in-flight request has finished. A version that fails to open or verify is refused with a log
 * line and the old one keeps serving.
 */
import type { Dataset } from '../data/dataset.ts';
import { closeDataset, openDataset, verifyDataset, type VerifyMode } from '../data/open.ts';
import type { Logger } from '../http/context.ts';

/** The request handler of one dataset (Hono's `fetch` for an app built on that dataset). */
export type Handler<E> = (req: Request, env: E) => Response | Promise<Response>;

interface Generation<E> {
  dataset: Dataset;
  handle: Handler<E>;
  inFlight: number;
  retired: boolean;
}

export type SwapOutcome = 'swapped' | 'same' | 'refused';

export interface HolderOptions<E> {
  /** Builds the handler for a dataset (engine + app); called once per version served. */
  makeHandler: (dataset: Dataset) => Handler<E>;
  /**
   * How a new version is checked before it serves: 'full' and 'background' both hash every file
   * (without blocking the event loop) before switching, since the old version serves meanwhile;
   * 'size' only checks sizes and headers.
   */
  verify: VerifyMode;
  logger: Logger;
}

export class DatasetHolder<E> {
  #current: Generation<E>;
  #swapping: Promise<SwapOutcome> | undefined;

  constructor(
    initial: Dataset,
    readonly options: HolderOptions<E>,
  ) {
    this.#current = { dataset: initial, handle: options.makeHandler(initial), inFlight: 0, retired: false };
  }

  get dataset(): Dataset {
    return this.#current.dataset;
  }

  /** Handles one request on the current version; the version stays open until the answer is ready. */
  readonly fetch = (req: Request, env: E): Response | Promise<Response> => {
    const g = this.#current;
    g.inFlight++;
    let answer: Response | Promise<Response>;
    try {
      answer = g.handle(req, env);
    } catch (e) {
      this.#finished(g);
      throw e;
    }
    if (answer instanceof Promise) return answer.finally(() => this.#finished(g));
    this.#finished(g);
    return answer;
  };

  /**
   * Opens `dir`, checks it, and serves it from the next request on. One swap at a time: a call
   * while one runs waits for it and then runs (the newest pointer wins).
   */
  swapTo(dir: string): Promise<SwapOutcome> {
    const run = async (): Promise<SwapOutcome> => {
      if (this.#swapping) await this.#swapping.catch(() => undefined);
      return this.#swap(dir);
    };
    const p = run().finally(() => {
      if (this.#swapping === p) this.#swapping = undefined;
    });
    this.#swapping = p;
    return p;
  }

  async #swap(dir: string): Promise<SwapOutcome> {
    const { logger, verify } = this.options;
    const from = this.#current.dataset.manifest.datasetVersion;
    const started = performance.now();
    let next: Dataset | undefined;
    try {
      next = openDataset(dir, { verify: verify === 'size' ? 'size' : 'background' });
      if (next.manifest.datasetVersion === from) {
        closeDataset(next);
        logger.info('dataset swap: already serving this version', { dataset: dir, datasetVersion: from });
        return 'same';
      }
      if (verify !== 'size') await verifyDataset(next);
      const handle = this.options.makeHandler(next);
      const old = this.#current;
      this.#current = { dataset: next, handle, inFlight: 0, retired: false };
      old.retired = true;
      if (old.inFlight === 0) closeDataset(old.dataset);
      logger.info('dataset swapped', { dataset: dir, datasetVersion: next.manifest.datasetVersion, previous: from, ms: Math.round(performance.now() - started) });
      return 'swapped';
    } catch (e) {
      if (next) closeDataset(next);
      logger.error('dataset swap refused: still serving the previous version', { dataset: dir, datasetVersion: from, error: e instanceof Error ? e.message : String(e) });
      return 'refused';
    }
  }

  #finished(g: Generation<E>): void {
    g.inFlight--;
    if (g.retired && g.inFlight === 0) closeDataset(g.dataset);
  }
}
