import { cva } from 'class-variance-authority';

/*
 * The button's classes on their own: the public pages style their buttons with these alone,
 * without Button's class merging (tailwind-merge) or Radix's Slot.
 */
export const buttonVariants = cva(
  'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium transition-colors disabled:pointer-events-none disabled:opacity-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600',
  {
    variants: {
      variant: {
        default: 'bg-blue-600 text-white hover:bg-blue-700',
        secondary: 'bg-slate-100 text-slate-900 hover:bg-slate-200',
        outline: 'border border-slate-300 bg-white text-slate-900 hover:bg-slate-50',
        ghost: 'text-slate-700 hover:bg-slate-100',
        destructive: 'bg-red-600 text-white hover:bg-red-700',
        link: 'text-blue-700 underline-offset-4 hover:underline',
      },
      size: {
        default: 'h-10 px-4 py-2',
        sm: 'h-8 px-3 text-xs',
        lg: 'h-12 px-6 text-base',
        icon: 'h-10 w-10',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);

type ButtonVariantProps = Parameters<typeof buttonVariants>[0];

/**
 * The classes `Button` ends up with, for a plain element: the one conflict inside the variants
 * (the base text-sm against the sm and lg sizes' own text size) resolved as Button's
 * tailwind-merge resolves it, without loading tailwind-merge. `extra` adds classes that do not
 * conflict with the variant's (a margin, a width).
 */
export function buttonClassName(props: ButtonVariantProps, extra?: string): string {
  const classes = buttonVariants(props);
  const sized = props?.size === 'sm' || props?.size === 'lg';
  const merged = sized ? classes.replace(/(^| )text-sm(?= |$)/, '') : classes;
  return extra ? `${merged} ${extra}` : merged;
}
