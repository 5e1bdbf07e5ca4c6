import type { CSSProperties } from 'react';
import styles from './skeleton.module.css';

export interface SkeletonProps {
  width?: string | number;
  height?: string | number;
  /** Draw this many text-like bars. */
  lines?: number;
  className?: string;
}

/** A placeholder shape while content loads; hidden from assistive technology (pair it with a Spinner or busy region). */
export function Skeleton({ width, height, lines = 1, className }: SkeletonProps) {
  const style = {
    '--skeleton-width': typeof width === 'number' ? `${width}px` : width,
    '--skeleton-height': typeof height === 'number' ? `${height}px` : height,
  } as CSSProperties;
  return (
    <span className={[styles.group, className ?? ''].filter(Boolean).join(' ')} aria-hidden="true" data-testid="skeleton">
      {Array.from({ length: Math.max(1, lines) }, (_, i) => (
        <span key={i} className={styles.skeleton} style={style} />
      ))}
    </span>
  );
}
