/** What other features use: the template and criteria panel of a certificate type's Admin page. */
export { MeasurementTemplatePanel } from './components/MeasurementTemplatePanel.tsx';
