/**
 * A growable byte buffer that text and bytes are appended to: what the spill renders records
 * into (render.ts, render-search.ts), so that their pieces are encoded (or copied, when rendered
 * before) once, straight into the bytes that are written, with no string built for the whole
 * record.
 */
export class ByteSink {
  buf: Buffer;
  /** `buf` as a plain Uint8Array (element access without Buffer's subclass). */
  bytes: Uint8Array;
  /** Bytes appended so far (they are buf[0, at)). */
  at = 0;

  constructor(size: number) {
    this.buf = Buffer.allocUnsafe(size);
    this.bytes = new Uint8Array(this.buf.buffer, this.buf.byteOffset, this.buf.byteLength);
  }

  /** Makes room for `n` more bytes. */
  room(n: number): void {
    if (this.at + n <= this.buf.length) return;
    const buf = Buffer.allocUnsafe(Math.max(2 * this.buf.length, this.at + n));
    this.buf.copy(buf, 0, 0, this.at);
    this.buf = buf;
    this.bytes = new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
  }

  /** Appends one byte. */
  byte(b: number): void {
    this.room(1);
    this.bytes[this.at++] = b;
  }

  /** Appends bytes. */
  copy(b: Uint8Array): void {
    const n = b.length;
    this.room(n);
    this.bytes.set(b, this.at);
    this.at += n;
  }

  /** Appends a string in UTF-8 (a lone surrogate as U+FFFD, as Buffer.from does). */
  utf8(s: string): void {
    if (s.length === 0) return;
    this.room(3 * s.length);
    this.at += this.buf.write(s, this.at);
  }

  /** Appends the decimal digits of a non-negative safe integer (its String()). */
  digits(n: number): void {
    if (n < 10) {
      this.byte(48 + n);
      return;
    }
    this.utf8(String(n));
  }

  /** Drops what was appended after `at`. */
  truncate(at: number): void {
    this.at = at;
  }
}
