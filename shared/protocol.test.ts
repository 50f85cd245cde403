import { describe, expect, it } from 'vitest';
import { parseServerFrame } from './protocol/read-frame';

describe('parseServerFrame', () => {
  it('reads one event or a batch in order, leaving out what is not an event', () => {
    expect(parseServerFrame('{"type":"pong"}')).toEqual([{ type: 'pong' }]);
    expect(parseServerFrame('[{"type":"ready","userId":"u1"},1,null,{"type":"pong"}]')).toEqual([
      { type: 'ready', userId: 'u1' },
      { type: 'pong' },
    ]);
    expect(parseServerFrame('{"kind":"pong"}')).toEqual([]);
  });

  it('throws on text that is not JSON: a fault of the server, which a test must see', () => {
    expect(() => parseServerFrame('not json')).toThrow(SyntaxError);
    expect(() => parseServerFrame('{"type":"pong"}{')).toThrow(SyntaxError);
  });
});
