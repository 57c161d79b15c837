// Mantine's PostCSS preset: rem/em functions and the breakpoint variables used in *.module.css.
export default {
  plugins: {
    'postcss-preset-mantine': {},
  },
};
