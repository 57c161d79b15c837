export { LabelSheetButton } from './LabelSheetButton.tsx';
