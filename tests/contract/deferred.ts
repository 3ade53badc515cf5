/** A promise settled from outside: lets a test await a condition signalled by a handler instead of sleeping. */
export class Deferred<T> {
  readonly promise: Promise<T>;
  resolve!: (value: T) => void;

  constructor() {
    this.promise = new Promise<T>((resolve) => {
      this.resolve = resolve;
    });
  }
}
