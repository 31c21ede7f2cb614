import { useState } from 'react';
import { paths } from '../config/paths.ts';
import { LandingSignedIn } from '../features/marketing/components/landing-signed-in.tsx';
import { LandingSignedOut } from '../features/marketing/components/landing-signed-out.tsx';
import { useSession } from '../lib/auth/session.tsx';
import { useDocumentTitle } from '../lib/use-document-title.ts';

export function LandingRoute() {
  useDocumentTitle('AIでFAQをかんたん作成');
  const session = useSession();
  const [starting, setStarting] = useState(false);
  if (session.user) return <LandingSignedIn generatePath={paths.generate} />;
  return (
    <LandingSignedOut
      starting={starting}
      onStart={() => {
        setStarting(true);
        session.redirectToSignIn(paths.generate, { signUp: true });
      }}
    />
  );
}
