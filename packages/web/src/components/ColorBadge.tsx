import { Badge, type BadgeProps, Text } from '@mantine/core';
import type { OwnerLabelColor } from '@portal/contract';
import type { ReactNode } from 'react';

/**
 * The spec's label colours as Mantine colours (UI.md "Colours"). 'none' has no badge; 'light' (owners
 * only) is a light grey badge with dark text.
 */
export const labelColorStyles: Record<OwnerLabelColor, { color: string; variant: BadgeProps['variant'] } | null> = {
  none: null,
  // Dark enough shades that white text reads at 4.5:1 or better (WCAG AA, checked by axe).
  default: { color: 'gray.7', variant: 'filled' },
  primary: { color: 'blue.8', variant: 'filled' },
  success: { color: '#1f6e31', variant: 'filled' },
  info: { color: 'cyan', variant: 'filled' },
  warning: { color: 'yellow', variant: 'filled' },
  danger: { color: 'red.9', variant: 'filled' },
  light: { color: 'gray', variant: 'light' },
};

/** A status, owner or tag shown in its label colour, always with its name (colour is never the only signal). */
export function ColorBadge({ color, children, size = 'md' }: { color: string; children: ReactNode; size?: BadgeProps['size'] }) {
  const style = labelColorStyles[color as OwnerLabelColor];
  if (!style) {
    return (
      <Text span size="sm">
        {children}
      </Text>
    );
  }
  // Filled yellow and cyan need dark text for WCAG AA contrast.
  const darkText = (style.variant === 'filled' && (style.color === 'yellow' || style.color === 'cyan')) || style.variant === 'light';
  return (
    <Badge color={style.color} variant={style.variant} size={size} radius="sm" c={darkText ? 'dark.8' : undefined} tt="none">
      {children}
    </Badge>
  );
}
