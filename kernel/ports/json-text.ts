/**
 * A value kept as its JSON text, as a store holds it: an HTTP answer splices the text in as it is, and only a
 * caller that needs the value parses it. The SQLite catalogue index keeps each card as JSON; parsing a page of
 * cards to have the answer stringify them again was a fifth of the explore query's time in the server.
 * `toJSON` gives the value, so JSON.stringify of anything holding one writes the same JSON as the value's.
 */
export class JsonText<T = unknown> {
  constructor(readonly text: string) {}

  static of<T>(value: T): JsonText<T> {
    return new JsonText<T>(JSON.stringify(value));
  }

  value(): T {
    return JSON.parse(this.text) as T;
  }

  toJSON(): T {
    return this.value();
  }
}
