export * from './dateParser.ts';
export * from './debounce.ts';
export * from './numberParser.ts';
export * from './scrollToField.ts';
export * from './useValidatedForm.ts';
export * from './validation.ts';
export * from './validators.ts';
export * from './zodValidator.ts';
