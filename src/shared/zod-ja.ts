import { z } from 'zod';

// zod's own Japanese messages, so every validation error a user sees is in Japanese.
z.config(z.locales.ja());

export { z };
