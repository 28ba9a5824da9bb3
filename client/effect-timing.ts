// When useEffect callbacks run. Preact waits for the next animation frame (or 35 ms) before running a
// commit's effects; React's scheduler runs them in a task posted right after the commit (a MessageChannel
// message), without waiting for a frame. Our effects were written for React's timing: the hydration mark,
// subscriptions of observers (mobx-react-lite subscribes in an effect), the toasts' page reset. So they run
// as React would: not held back while no frame is drawn (a background tab, a test's paused clock).
import { options } from 'preact';

const channel = new MessageChannel();
let queued: Array<() => void> = [];
channel.port1.onmessage = () => {
  const run = queued;
  queued = [];
  for (const callback of run) callback();
};

options.requestAnimationFrame = (callback: () => void) => {
  queued.push(callback);
  if (queued.length === 1) channel.port2.postMessage(null);
};
