/** The records writer's shard builder (records.ts): its bytes are encodeShard's. */
import { describe, expect, it } from 'vitest';
import { ShardBuilder } from '../../../build/write/records.ts';
import { encodeShard } from '../../../runtime/format/shard.ts';

describe('record shard builder', () => {
  it('writes the bytes of encodeShard for records of every msgpack size class', () => {
    const text = (n: number) => Array.from({ length: n }, (_, i) => (i % 17 === 0 ? 'é' : i % 29 === 0 ? '鸡' : i % 31 === 0 ? '😀' : 'a')).join('');
    const sizes = [0, 1, 30, 31, 32, 200, 255, 256, 300, 65_535, 65_536, 70_000];
    const records = sizes.map((n, i) => [i % 2 ? text(n % 40) : `r${i}`, JSON.stringify({ t: text(n) })] as const);
    const builder = new ShardBuilder();
    for (const [id, json] of records) builder.add(id, Buffer.from(json));
    const expected = encodeShard(42, records.map(([id, json]) => [id, Buffer.from(json, 'utf8')]));
    expect(builder.encode(42).equals(expected)).toBe(true);
    builder.reset();
    builder.add('x', Buffer.from('{}'));
    expect(builder.encode(0).equals(encodeShard(0, [['x', Buffer.from('{}')]]))).toBe(true);
  });
});
