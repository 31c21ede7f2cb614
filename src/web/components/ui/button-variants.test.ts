import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { buttonClassName, buttonVariants } from './button-variants.ts';

// The public pages style plain buttons with these classes; they must look as Button does.
describe('buttonClassName', () => {
  it.each([
    {},
    { size: 'lg' as const },
    { size: 'sm' as const, variant: 'outline' as const },
    { size: 'lg' as const, variant: 'secondary' as const },
    { size: 'icon' as const, variant: 'ghost' as const },
  ])('gives Button’s merged classes for %o', (props) => {
    const classes = (value: string) => new Set(value.split(' ').filter(Boolean));
    expect(classes(buttonClassName(props, 'mt-6'))).toEqual(
      classes(twMerge(buttonVariants(props), 'mt-6')),
    );
  });
});
