/**
 * A node that takes requests and never answers (a process stopped, not gone) fails a read only
 * after the whole request's timeout (REQUEST_TIMEOUT_MS, 60 s: docs/product/rules.md §5); until then the screen
 * would keep its figures as if they were fresh. The user is told long before: a read unanswered
 * for READ_NOTICE_MS, with no other read answered since it was sent, counts as the node not
 * answering, while the read itself goes on. The notice comes after the pool's stall timeout (3 s),
 * so a read that fails over to another endpoint in time is not reported.
 */
export const READ_NOTICE_MS = 5_000;

/** Wraps reads: each is returned as it is, and `onSilent` is called when one has waited `noticeMs`
 *  while no read was answered (one sent later and answered says the node is back). */
export function createReadNotice(onSilent: () => void, noticeMs: number = READ_NOTICE_MS) {
  let answers = 0;
  return function watched<T>(read: Promise<T>): Promise<T> {
    const answersBefore = answers;
    const timer = setTimeout(() => {
      if (answers === answersBefore) onSilent();
    }, noticeMs);
    read.then(
      () => {
        answers += 1;
        clearTimeout(timer);
      },
      () => clearTimeout(timer),
    );
    return read;
  };
}
