import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { AppProviders } from './providers.tsx';
import { createRouter } from './router.tsx';

export function App({ hydrating = false }: { hydrating?: boolean }) {
  const [router] = useState(createRouter);
  useEffect(() => {
    // Hydrated (or rendered afresh): the page's buttons work from now on (see styles.css).
    delete document.getElementById('root')?.dataset.prerendered;
  }, []);
  return (
    <AppProviders deferToaster={hydrating}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
