import { createReactComponent } from '@tabler/icons-react';

/**
 * Tabler's vertical grip and dots, each drawn as one path instead of six and three (the same shapes:
 * the paths' data joined). A list's cards show one in every row, 50 to a page, and on a slow phone each
 * element costs its creation, style, layout and later removal (docs/ui.md "Fifth round").
 */
export const IconGripVertical = createReactComponent('outline', 'grip-vertical', 'GripVertical', [
  [
    'path',
    {
      d: 'M8 5a1 1 0 1 0 2 0a1 1 0 1 0 -2 0M8 12a1 1 0 1 0 2 0a1 1 0 1 0 -2 0M8 19a1 1 0 1 0 2 0a1 1 0 1 0 -2 0M14 5a1 1 0 1 0 2 0a1 1 0 1 0 -2 0M14 12a1 1 0 1 0 2 0a1 1 0 1 0 -2 0M14 19a1 1 0 1 0 2 0a1 1 0 1 0 -2 0',
    },
  ],
]);

export const IconDotsVertical = createReactComponent('outline', 'dots-vertical', 'DotsVertical', [
  ['path', { d: 'M11 12a1 1 0 1 0 2 0a1 1 0 1 0 -2 0M11 19a1 1 0 1 0 2 0a1 1 0 1 0 -2 0M11 5a1 1 0 1 0 2 0a1 1 0 1 0 -2 0' }],
]);
