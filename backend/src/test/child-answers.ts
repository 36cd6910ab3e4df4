// The child's side of child-server.ts: what a server script forked by `startChildServer` tells its
// parent, and how it answers the parent's questions.
//   child → parent: { type: 'ready', url } once it listens
//   parent → child: { type: 'settle' }, answered { type: 'settled' } once its work after its
//   answers (photo processing, text replies) is done
import type { RunningServer } from '../start.ts';

export function answerParent(running: Pick<RunningServer, 'url' | 'settled'>) {
  if (!process.send) throw new Error('start me with fork()');
  // One at a time, in the order asked: the parent matches each answer to its oldest question.
  let settling = Promise.resolve();
  process.on('message', (m: { type?: string }) => {
    if (m?.type !== 'settle') return;
    settling = settling.then(async () => {
      await running.settled();
      process.send!({ type: 'settled' });
    });
  });
  process.send({ type: 'ready', url: running.url });
}
