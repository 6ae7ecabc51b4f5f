// Encodes texts with the npm package gpt-3-encoder (the JavaScript port of OpenAI's GPT-2
// encoder), the reference for gpt3_encoder_comparison_test.cpp.
// Usage: node gpt3_encoder_reference.js <npm-prefix> <texts.json> <ids.json>
// texts.json holds a JSON array of strings; ids.json receives an array of token-id arrays.
'use strict';
const fs = require('fs');
const path = require('path');

const [prefix, input, output] = process.argv.slice(2);
const { encode } = require(path.join(prefix, 'node_modules', 'gpt-3-encoder'));
const texts = JSON.parse(fs.readFileSync(input, 'utf8'));
fs.writeFileSync(output, JSON.stringify(texts.map((text) => encode(text))));
