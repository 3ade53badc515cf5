/**
 * Ends the current task and continues in a new one, so the browser may paint and answer a tap in between: a start-up
 * done in steps never blocks a slow phone's main thread for the sum of them (Chrome's scheduler.yield() keeps the
 * continuation ahead of other work; elsewhere a message-channel task, which runs without setTimeout's clamping).
 */
export const nextTask = (): Promise<void> => {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
};
