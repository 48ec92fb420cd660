/**
 * Runs `task` at most once at a time: callers that arrive while it runs share its promise; once it settles the next
 * caller starts a new run. The promise is forgotten only after it settled, in a callback that always runs after the
 * assignment, so a task that settles at once (no refresh token, say) is never kept: keeping a settled promise made
 * every later refresh answer "session over" without asking (a tab reopened after the 55-minute sign-out).
 */
export function singleFlight<T>(task: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null;
  return () => {
    if (running) return running;
    const run = Promise.resolve().then(task);
    running = run;
    const forget = () => {
      if (running === run) running = null;
    };
    run.then(forget, forget);
    return run;
  };
}
