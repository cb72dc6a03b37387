// Mantine's PostCSS preset: rem() helpers and the breakpoint variables used in *.module.css.
module.exports = {
  plugins: {
    "postcss-preset-mantine": {},
  },
};
