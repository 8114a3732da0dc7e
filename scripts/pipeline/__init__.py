"""The pipeline stages: raw sources → decoded lines → normalised paragraphs → article tree → linked tree."""
