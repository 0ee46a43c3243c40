# Generated from result.json by capeval.schemas.build; do not edit.
# source-sha256: bbe5135d45aea343ba721ec9116112c1b0cf71cf3b8451a7da5a76828b4fe33e


def JsonSchemaValueException(*args, **kwargs):
    # fastjsonschema's own exception, imported only when a record fails
    from fastjsonschema import JsonSchemaValueException as exception

    return exception(*args, **kwargs)


VERSION = "2.22.3"
import re


REGEX_PATTERNS_validate = {
    '^[a-z][a-z0-9_]*$': re.compile('^[a-z][a-z0-9_]*\\Z'),
    '^x-': re.compile('^x-')
}

NoneType = type(None)

def validate_https___capeval_invalid_schemas_result_v1_json(data, custom_formats={}, name_prefix=None):
    if not isinstance(data, (dict)):
        raise JsonSchemaValueException("" + (name_prefix or "data") + " must be object", value=data, name="" + (name_prefix or "data") + "", definition={'$schema': 'http://json-schema.org/draft-07/schema#', '$id': 'https://capeval.invalid/schemas/result-v1.json', 'title': 'AssertionResult', 'description': "One assertion's verdict for one case and candidate. Keys starting with x- are the extension point.", 'type': 'object', 'required': ['case_id', 'assertion', 'passed', 'severity', 'code', 'message', 'evidence'], 'properties': {'case_id': {'type': 'string', 'minLength': 1}, 'system': {'type': 'string', 'minLength': 1}, 'assertion': {'type': 'string', 'pattern': '^[a-z][a-z0-9_]*$'}, 'passed': {'type': 'boolean'}, 'severity': {'enum': ['hard', 'report']}, 'code': {'type': 'string', 'pattern': '^[a-z][a-z0-9_]*$'}, 'message': {'type': 'string'}, 'evidence': {'type': 'object'}}, 'patternProperties': {'^x-': {}}, 'additionalProperties': False}, rule='type')
    data_is_dict = isinstance(data, dict)
    if data_is_dict:
        data__missing_keys = set(['case_id', 'assertion', 'passed', 'severity', 'code', 'message', 'evidence']) - data.keys()
        if data__missing_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must contain " + (str(sorted(data__missing_keys)) + " properties"), value=data, name="" + (name_prefix or "data") + "", definition={'$schema': 'http://json-schema.org/draft-07/schema#', '$id': 'https://capeval.invalid/schemas/result-v1.json', 'title': 'AssertionResult', 'description': "One assertion's verdict for one case and candidate. Keys starting with x- are the extension point.", 'type': 'object', 'required': ['case_id', 'assertion', 'passed', 'severity', 'code', 'message', 'evidence'], 'properties': {'case_id': {'type': 'string', 'minLength': 1}, 'system': {'type': 'string', 'minLength': 1}, 'assertion': {'type': 'string', 'pattern': '^[a-z][a-z0-9_]*$'}, 'passed': {'type': 'boolean'}, 'severity': {'enum': ['hard', 'report']}, 'code': {'type': 'string', 'pattern': '^[a-z][a-z0-9_]*$'}, 'message': {'type': 'string'}, 'evidence': {'type': 'object'}}, 'patternProperties': {'^x-': {}}, 'additionalProperties': False}, rule='required')
        data_keys = set(data.keys())
        if "case_id" in data_keys:
            data_keys.remove("case_id")
            data__caseid = data["case_id"]
            if not isinstance(data__caseid, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".case_id must be string", value=data__caseid, name="" + (name_prefix or "data") + ".case_id", definition={'type': 'string', 'minLength': 1}, rule='type')
            if isinstance(data__caseid, str):
                data__caseid_len = len(data__caseid)
                if data__caseid_len < 1:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".case_id must be longer than or equal to 1 characters", value=data__caseid, name="" + (name_prefix or "data") + ".case_id", definition={'type': 'string', 'minLength': 1}, rule='minLength')
        if "system" in data_keys:
            data_keys.remove("system")
            data__system = data["system"]
            if not isinstance(data__system, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".system must be string", value=data__system, name="" + (name_prefix or "data") + ".system", definition={'type': 'string', 'minLength': 1}, rule='type')
            if isinstance(data__system, str):
                data__system_len = len(data__system)
                if data__system_len < 1:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".system must be longer than or equal to 1 characters", value=data__system, name="" + (name_prefix or "data") + ".system", definition={'type': 'string', 'minLength': 1}, rule='minLength')
        if "assertion" in data_keys:
            data_keys.remove("assertion")
            data__assertion = data["assertion"]
            if not isinstance(data__assertion, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".assertion must be string", value=data__assertion, name="" + (name_prefix or "data") + ".assertion", definition={'type': 'string', 'pattern': '^[a-z][a-z0-9_]*$'}, rule='type')
            if isinstance(data__assertion, str):
                if not REGEX_PATTERNS_validate['^[a-z][a-z0-9_]*$'].search(data__assertion):
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".assertion must match pattern ^[a-z][a-z0-9_]*$", value=data__assertion, name="" + (name_prefix or "data") + ".assertion", definition={'type': 'string', 'pattern': '^[a-z][a-z0-9_]*$'}, rule='pattern')
        if "passed" in data_keys:
            data_keys.remove("passed")
            data__passed = data["passed"]
            if not isinstance(data__passed, (bool)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".passed must be boolean", value=data__passed, name="" + (name_prefix or "data") + ".passed", definition={'type': 'boolean'}, rule='type')
        if "severity" in data_keys:
            data_keys.remove("severity")
            data__severity = data["severity"]
            if not (isinstance(data__severity, str) and data__severity == 'hard' or isinstance(data__severity, str) and data__severity == 'report'):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".severity must be one of ['hard', 'report']", value=data__severity, name="" + (name_prefix or "data") + ".severity", definition={'enum': ['hard', 'report']}, rule='enum')
        if "code" in data_keys:
            data_keys.remove("code")
            data__code = data["code"]
            if not isinstance(data__code, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".code must be string", value=data__code, name="" + (name_prefix or "data") + ".code", definition={'type': 'string', 'pattern': '^[a-z][a-z0-9_]*$'}, rule='type')
            if isinstance(data__code, str):
                if not REGEX_PATTERNS_validate['^[a-z][a-z0-9_]*$'].search(data__code):
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".code must match pattern ^[a-z][a-z0-9_]*$", value=data__code, name="" + (name_prefix or "data") + ".code", definition={'type': 'string', 'pattern': '^[a-z][a-z0-9_]*$'}, rule='pattern')
        if "message" in data_keys:
            data_keys.remove("message")
            data__message = data["message"]
            if not isinstance(data__message, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".message must be string", value=data__message, name="" + (name_prefix or "data") + ".message", definition={'type': 'string'}, rule='type')
        if "evidence" in data_keys:
            data_keys.remove("evidence")
            data__evidence = data["evidence"]
            if not isinstance(data__evidence, (dict)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".evidence must be object", value=data__evidence, name="" + (name_prefix or "data") + ".evidence", definition={'type': 'object'}, rule='type')
        for data_key, data_val in data.items():
            if data_key.startswith('x-'):
                if data_key in data_keys:
                    data_keys.remove(data_key)
        if data_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must not contain "+str(data_keys)+" properties", value=data, name="" + (name_prefix or "data") + "", definition={'$schema': 'http://json-schema.org/draft-07/schema#', '$id': 'https://capeval.invalid/schemas/result-v1.json', 'title': 'AssertionResult', 'description': "One assertion's verdict for one case and candidate. Keys starting with x- are the extension point.", 'type': 'object', 'required': ['case_id', 'assertion', 'passed', 'severity', 'code', 'message', 'evidence'], 'properties': {'case_id': {'type': 'string', 'minLength': 1}, 'system': {'type': 'string', 'minLength': 1}, 'assertion': {'type': 'string', 'pattern': '^[a-z][a-z0-9_]*$'}, 'passed': {'type': 'boolean'}, 'severity': {'enum': ['hard', 'report']}, 'code': {'type': 'string', 'pattern': '^[a-z][a-z0-9_]*$'}, 'message': {'type': 'string'}, 'evidence': {'type': 'object'}}, 'patternProperties': {'^x-': {}}, 'additionalProperties': False}, rule='additionalProperties')
    return data

validate = validate_https___capeval_invalid_schemas_result_v1_json
