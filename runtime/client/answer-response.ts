/**
 * The Response a client request resolves to: a real Fetch API Response (status, headers, body
 * stream), whose arrayBuffer(), text() and json() answer from the body bytes at hand instead of
 * through the stream: a browser resolves a stream read in a later task, which cost a warm request
 * of a short answer more than the query itself. The bytes are the ones the stream would give, and
 * a read here is one read as the Fetch standard counts them: bodyUsed turns true, a second read
 * rejects, clone() throws, `body` is a cancelled stream. Once the stream itself was taken (`body`,
 * clone()) every read goes through it.
 */
export class AnswerResponse extends Response {
  #bytes: Uint8Array | undefined;
  #state: 'fresh' | 'read' | 'streamed' = 'fresh';

  constructor(bytes: Uint8Array, init: ResponseInit) {
    super(bytes as Uint8Array<ArrayBuffer>, init);
    this.#bytes = bytes;
  }

  /** The bytes for a read here; undefined when the read goes through the stream; rejects a second read. */
  #take(): Uint8Array | undefined {
    if (this.#state === 'streamed') return undefined;
    if (this.#state === 'read') throw new TypeError('Response body has already been read');
    this.#state = 'read';
    const b = this.#bytes;
    this.#bytes = undefined;
    return b;
  }

  #toStream(): void {
    if (this.#state === 'fresh') this.#state = 'streamed';
    this.#bytes = undefined;
  }

  override get bodyUsed(): boolean {
    return this.#state === 'read' || super.bodyUsed;
  }

  override get body(): ReadableStream<Uint8Array<ArrayBuffer>> | null {
    const stream = super.body;
    if (this.#state === 'read' && stream && !stream.locked) void stream.cancel();
    this.#toStream();
    return stream;
  }

  override clone(): Response {
    if (this.#state === 'read') throw new TypeError('Response.clone: the body has already been read');
    this.#toStream();
    return super.clone();
  }

  override async arrayBuffer(): Promise<ArrayBuffer> {
    const b = this.#take();
    // A copy of exactly the body (a Node Buffer's slice() would be a view of its pool).
    return b === undefined ? super.arrayBuffer() : new Uint8Array(b).buffer;
  }

  override async text(): Promise<string> {
    const b = this.#take();
    return b === undefined ? super.text() : new TextDecoder().decode(b);
  }

  override async json(): Promise<unknown> {
    const b = this.#take();
    return b === undefined ? super.json() : JSON.parse(new TextDecoder().decode(b));
  }
}
