import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';

// The first render as a transition: React yields to the browser every few milliseconds instead of rendering in one
// long task, which keeps /login's main thread free on slow phones (Lighthouse mobile, total blocking time).
startTransition(() => {
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
