import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../shared/zod-ja.ts';
import './styles.css';
import { App } from './app/app.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('root element missing');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
