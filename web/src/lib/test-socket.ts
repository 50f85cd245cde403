/** Test doubles for RealtimeSocket: a WebSocket and timers the test drives by hand. */
import { RealtimeSocket, type SocketLike, type Timers } from './socket';

/** A WebSocket stand-in the test opens, closes and reads by hand. */
export class FakeSocket implements SocketLike {
  readyState = 0;
  onopen: SocketLike['onopen'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  onmessage: SocketLike['onmessage'] = null;
  readonly sent: unknown[] = [];
  failSends = false;
  constructor(readonly url: string) {}
  send(data: string) {
    if (this.failSends) throw new Error('buffer full');
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  drop(code = 1006, reason = '') {
    this.readyState = 3;
    this.onclose?.({ code, reason });
  }
  receive(data: unknown) {
    this.onmessage?.({ data: JSON.stringify(data) });
  }
}

/** Timers advanced by the test, with no real waiting. */
export class FakeTimers implements Timers {
  now = 0;
  private tasks: { at: number; fn: () => void; id: number }[] = [];
  private nextId = 1;
  setTimeout(fn: () => void, ms: number) {
    const id = this.nextId++;
    this.tasks.push({ at: this.now + ms, fn, id });
    return id;
  }
  clearTimeout(handle: unknown) {
    this.tasks = this.tasks.filter((task) => task.id !== handle);
  }
  advance(ms: number) {
    const end = this.now + ms;
    for (;;) {
      const due = this.tasks.filter((task) => task.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.tasks = this.tasks.filter((task) => task !== due);
      this.now = due.at;
      due.fn();
    }
    this.now = end;
  }
  get pending() {
    return this.tasks.length;
  }
}

/** A RealtimeSocket over fake sockets and timers; `current()` is the latest socket. */
export function setup(options: { random?: () => number } = {}) {
  const sockets: FakeSocket[] = [];
  const timers = new FakeTimers();
  const client = new RealtimeSocket({
    url: 'ws://ruche.test/ws',
    timers,
    ...options,
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
  });
  const current = () => sockets.at(-1)!;
  return { client, sockets, timers, current };
}
