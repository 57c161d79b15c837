import { IconAnchor } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './FrameSkeleton.module.css';
import { PRODUCT_NAME } from './usePageTitle.ts';

/** Grey lines where a page's content will be, announced as loading. */
export function PageSkeleton({ label = 'Loading' }: { label?: string }) {
  return (
    <div role="status" aria-label={label}>
      <div className={`${classes.line} ${classes.title}`} />
      {[100, 92, 96, 80, 88].map((width) => (
        <div key={width} className={classes.line} style={{ width: `${width}%` }} />
      ))}
    </div>
  );
}

/**
 * The frame's outline (top bar and content column) without the user's links: shown while the
 * signed-in user or the frame's code loads, and around the account-load error, so the page never
 * goes blank between sign-in and the first screen.
 */
export function FrameSkeleton({ label = 'Loading your account', children }: { label?: string; children?: ReactNode }) {
  return (
    <>
      <header className={classes.bar}>
        <IconAnchor size={22} stroke={1.8} aria-hidden />
        <span>{PRODUCT_NAME}</span>
      </header>
      <main className={classes.main}>{children ?? <PageSkeleton label={label} />}</main>
    </>
  );
}
