// jsdom projects: DOM matchers such as toBeInTheDocument().
import "@testing-library/jest-dom";
