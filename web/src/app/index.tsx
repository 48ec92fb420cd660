import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { AppProvider } from './provider';
import { createRouter, markNavigations } from './router';

export function App() {
  const [router] = useState(createRouter);
  // A passive effect: it runs after RouterProvider's own subscription (a layout effect).
  useEffect(() => markNavigations(router), [router]);
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
