import { AlertDialogHost } from '../../src/web/components/ui/alert-dialog.tsx';
import { GenerateRoute } from '../../src/web/routes/generate.tsx';
import { renderRoutes } from './render-routes.tsx';

/** /generate inside a data router (for its leave guard), signed in, with /pricing to leave to. */
export function renderGenerate(entry: string) {
  return renderRoutes(
    [
      { path: '/generate', element: <GenerateRoute /> },
      { path: '/pricing', element: <h1>料金プラン</h1> },
    ],
    entry,
    <AlertDialogHost />,
  );
}
