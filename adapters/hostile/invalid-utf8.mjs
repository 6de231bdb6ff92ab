// Prints bytes that are not valid UTF-8 (a lone 0xFF inside JSON-looking text), exits 0.
process.stdout.write(Buffer.concat([Buffer.from('{"state":"'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]));
