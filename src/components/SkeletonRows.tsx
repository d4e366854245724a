import layout from './MasterDetail.module.css';

/**
 * Grey placeholder rows (a round avatar and two text lines) that a master-detail list shows until
 * its first page arrives. Hidden from screen readers: the list announces its loading itself.
 */
export function SkeletonRows({ count, testId }: { count: number; testId: string }) {
  return (
    <ul className={layout.rows} aria-hidden="true" data-testid={testId}>
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className={layout.skeletonRow}>
          <span className={layout.skeletonAvatar} />
          <span className={layout.skeletonLines}>
            <span />
            <span />
          </span>
        </li>
      ))}
    </ul>
  );
}
